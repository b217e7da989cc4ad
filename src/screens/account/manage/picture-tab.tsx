// Picture tab (spec 2.4, 9: None 0, Gravatar 1, Image 2): the current picture, the choice, and an
// image file checked here for type and size before it is sent (the server checks the bytes again
// and its refusal shows above the form).
import { RadioGroup } from '../../../ui/index.ts';
import type { PictureValues, pictureFormLogic } from './my-account-actors.ts';
import { imageMimeType, pictureProblem, pictureTypes } from './my-account-rules.ts';
import type { MyAccountTranslate } from './my-account-texts.ts';
import { TabForm, TabState } from './tab-parts.tsx';
import { useAccountForm } from './use-account-form.ts';

function CurrentPicture({ t, current }: { t: MyAccountTranslate; current: PictureValues['current'] | undefined }) {
  if (current?.type === 1 && current.source) return <img src={current.source} alt={t('picture.current')} width={96} height={96} />;
  if (current?.type === 2 && current.fileContent)
    return (
      <img
        src={`data:${imageMimeType(current.fileContent)};base64,${current.fileContent}`}
        alt={t('picture.current')}
        width={96}
        height={96}
      />
    );
  return <p>{t('picture.noCurrent')}</p>;
}

export function PictureTab({ t, logic }: { t: MyAccountTranslate; logic: ReturnType<typeof pictureFormLogic> }) {
  const { actor, view } = useAccountForm(logic, { load: true }, t('saved'));
  const values = view.values as Partial<PictureValues>;
  const type = Number(values.type ?? 0);
  const file = values.file ?? null;
  const change = (next: Partial<PictureValues>) => {
    const merged = { type, file, ...next };
    actor.send({ type: 'form.change', values: next, isValid: pictureProblem(merged.type, merged.file) === null });
  };
  const problem = pictureProblem(type, file);
  // A wrong file is said at once (the user just picked it); a missing one after a submit.
  const fileError = problem && (problem !== 'fileRequired' || view.submitted) ? t(`picture.${problem}`) : undefined;
  return (
    <TabState t={t} view={view} onRetry={() => actor.send({ type: 'retry' })}>
      <TabForm t={t} actor={actor} view={view} lead={<CurrentPicture t={t} current={values.current} />}>
        <RadioGroup
          label={t('picture.type')}
          value={String(type)}
          onChange={(value) => change({ type: Number(value) })}
          options={[
            { id: '0', label: t('picture.none') },
            { id: '1', label: t('picture.gravatar') },
            { id: '2', label: t('picture.image') },
          ]}
        />
        {type === 2 && (
          <div className="field">
            <label htmlFor="profile-picture-file">{t('picture.file')}</label>
            <input
              id="profile-picture-file"
              type="file"
              accept={pictureTypes.join(',')}
              aria-describedby="profile-picture-hint"
              aria-invalid={fileError ? true : undefined}
              aria-errormessage={fileError ? 'profile-picture-error' : undefined}
              onChange={(event) => change({ file: event.currentTarget.files?.[0] ?? null })}
            />
            <p id="profile-picture-hint">{t('picture.fileHint')}</p>
            {fileError && (
              <p id="profile-picture-error" role="alert" className="error">
                {fileError}
              </p>
            )}
          </div>
        )}
      </TabForm>
    </TabState>
  );
}
