// Texts of the text templates screen (spec 2.2 Text templates, ABP TextTemplateManagement's
// wording), in its own chunk, complete in the four languages. Language names stay in their own
// language in every culture (as the language menu shows them).
import { type CompleteAreaTexts, defineTexts } from '../../i18n/define-texts.ts';

const en = {
  title: 'Text templates',
  name: 'Name',
  displayName: 'Display name',
  isLayout: 'Is layout',
  layout: 'Layout',
  yes: 'Yes',
  no: 'No',
  templateContents: 'template contents',
  editContents: 'Edit contents',
  description:
    'Texts written with the L filter are translated into the language of the recipient, and the model fields are filled in when the mail is sent. Each tab previews the mail with sample data.',
  allLanguages: 'All languages',
  contentIn: 'Content: {0}',
  previewIn: 'Preview: {0}',
  inlineHint: 'Used for every language without a content of its own.',
  cultureHint: 'Shows what this language uses now: its own content, else the one for all languages, else the default.',
  previewUpdating: 'Updating the preview…',
  restoreToDefault: 'Restore to default',
  restoreConfirm: 'The contents of {0} go back to the defaults in every language. Do you confirm that?',
  restored: 'Restored to default',
};

type Key = keyof typeof en;

export const textTemplateTextSets: CompleteAreaTexts<Key> = {
  en,
  ar: {
    title: 'القوالب النصية',
    name: 'الاسم',
    displayName: 'الاسم المعروض',
    isLayout: 'تخطيط',
    layout: 'التخطيط',
    yes: 'نعم',
    no: 'لا',
    templateContents: 'محتوى القالب',
    editContents: 'تعديل المحتوى',
    description:
      'تُترجم النصوص المكتوبة بالمرشّح L إلى لغة المستلم، وتُملأ حقول النموذج عند إرسال البريد. يعرض كل تبويب معاينة للبريد ببيانات نموذجية.',
    allLanguages: 'كل اللغات',
    contentIn: 'المحتوى: {0}',
    previewIn: 'المعاينة: {0}',
    inlineHint: 'يُستخدم لكل لغة ليس لها محتوى خاص بها.',
    cultureHint: 'يعرض ما تستخدمه هذه اللغة الآن: محتواها الخاص، وإلا محتوى كل اللغات، وإلا المحتوى الافتراضي.',
    previewUpdating: 'جارٍ تحديث المعاينة…',
    restoreToDefault: 'استعادة الافتراضي',
    restoreConfirm: 'سيعود محتوى {0} إلى الافتراضي في كل اللغات. هل تؤكد ذلك؟',
    restored: 'تمت استعادة الافتراضي',
  },
  fr: {
    title: 'Modèles de texte',
    name: 'Nom',
    displayName: 'Nom affiché',
    isLayout: 'Mise en page',
    layout: 'Mise en page',
    yes: 'Oui',
    no: 'Non',
    templateContents: 'contenu du modèle',
    editContents: 'Modifier le contenu',
    description:
      "Les textes écrits avec le filtre L sont traduits dans la langue du destinataire, et les champs du modèle sont remplis à l'envoi. Chaque onglet prévisualise l'e-mail avec des données d'exemple.",
    allLanguages: 'Toutes les langues',
    contentIn: 'Contenu : {0}',
    previewIn: 'Aperçu : {0}',
    inlineHint: "Utilisé pour chaque langue qui n'a pas de contenu propre.",
    cultureHint:
      'Montre ce que cette langue utilise maintenant : son propre contenu, sinon celui de toutes les langues, sinon celui par défaut.',
    previewUpdating: "Mise à jour de l'aperçu…",
    restoreToDefault: 'Rétablir par défaut',
    restoreConfirm: 'Le contenu de {0} revient aux valeurs par défaut dans toutes les langues. Confirmez-vous ?',
    restored: 'Rétabli par défaut',
  },
  hy: {
    title: 'Տեքստային ձևանմուշներ',
    name: 'Անուն',
    displayName: 'Ցուցադրվող անուն',
    isLayout: 'Դասավորություն է',
    layout: 'Դասավորություն',
    yes: 'Այո',
    no: 'Ոչ',
    templateContents: 'ձևանմուշի բովանդակություն',
    editContents: 'Խմբագրել բովանդակությունը',
    description:
      'L ֆիլտրով գրված տեքստերը թարգմանվում են ստացողի լեզվով, իսկ մոդելի դաշտերը լրացվում են նամակն ուղարկելիս։ Յուրաքանչյուր ներդիր ցույց է տալիս նամակը օրինակային տվյալներով։',
    allLanguages: 'Բոլոր լեզուները',
    contentIn: 'Բովանդակություն՝ {0}',
    previewIn: 'Նախադիտում՝ {0}',
    inlineHint: 'Օգտագործվում է յուրաքանչյուր լեզվի համար, որը սեփական բովանդակություն չունի։',
    cultureHint: 'Ցույց է տալիս, թե ինչ է այս լեզուն օգտագործում հիմա՝ սեփականը, այլապես բոլոր լեզուներինը, այլապես լռելյայնը։',
    previewUpdating: 'Նախադիտումը թարմացվում է…',
    restoreToDefault: 'Վերականգնել լռելյայնը',
    restoreConfirm: '{0}-ի բովանդակությունը բոլոր լեզուներով կվերադառնա լռելյայնին։ Հաստատո՞ւմ եք։',
    restored: 'Լռելյայնը վերականգնված է',
  },
};

export const textTemplateTexts = defineTexts(textTemplateTextSets);
