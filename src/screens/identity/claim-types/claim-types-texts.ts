// Texts of the claim types screen (spec 2.2, 7.13), in its own chunk; ABP Identity's wording.
import { defineTexts } from '../../../i18n/define-texts.ts';

const en = {
  title: 'Claim types',
  table: 'Claim types',
  entityName: 'claim type',
  name: 'Name',
  valueType: 'Value type',
  description: 'Description',
  required: 'Required',
  isStatic: 'Static',
  regex: 'Regex',
  regexDescription: 'Regex description',
  regexInvalid: 'The regular expression is not valid.',
  deleteConfirm: 'Claim type {0} will be deleted. Do you confirm that?',
  yes: 'Yes',
  no: 'No',
};

type Key = keyof typeof en;

export const claimTypesTextSets: { en: Record<Key, string>; ar: Record<Key, string>; fr: Record<Key, string>; hy: Record<Key, string> } = {
  en,
  ar: {
    title: 'أنواع المطالبات',
    table: 'أنواع المطالبات',
    entityName: 'نوع مطالبة',
    name: 'الاسم',
    valueType: 'نوع القيمة',
    description: 'الوصف',
    required: 'مطلوب',
    isStatic: 'ثابت',
    regex: 'التعبير النمطي',
    regexDescription: 'وصف التعبير النمطي',
    regexInvalid: 'التعبير النمطي غير صالح.',
    deleteConfirm: 'سيتم حذف نوع المطالبة {0}. هل تؤكد ذلك؟',
    yes: 'نعم',
    no: 'لا',
  },
  fr: {
    title: 'Types de revendications',
    table: 'Types de revendications',
    entityName: 'type de revendication',
    name: 'Nom',
    valueType: 'Type de valeur',
    description: 'Description',
    required: 'Obligatoire',
    isStatic: 'Statique',
    regex: 'Expression régulière',
    regexDescription: "Description de l'expression régulière",
    regexInvalid: "L'expression régulière n'est pas valide.",
    deleteConfirm: 'Le type de revendication {0} sera supprimé. Le confirmez-vous ?',
    yes: 'Oui',
    no: 'Non',
  },
  hy: {
    title: 'Պահանջների տեսակներ',
    table: 'Պահանջների տեսակներ',
    entityName: 'պահանջի տեսակ',
    name: 'Անուն',
    valueType: 'Արժեքի տեսակ',
    description: 'Նկարագրություն',
    required: 'Պարտադիր',
    isStatic: 'Ստատիկ',
    regex: 'Կանոնավոր արտահայտություն',
    regexDescription: 'Կանոնավոր արտահայտության նկարագրություն',
    regexInvalid: 'Կանոնավոր արտահայտությունը վավեր չէ։',
    deleteConfirm: '{0} պահանջի տեսակը կջնջվի։ Հաստատո՞ւմ եք։',
    yes: 'Այո',
    no: 'Ոչ',
  },
};

export const claimTypesTexts = defineTexts(claimTypesTextSets);
