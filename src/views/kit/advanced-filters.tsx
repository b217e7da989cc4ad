// The advanced filters of a resource list (spec 3; issue 9 kit), render-only over its pagedList
// actor: text (applied on Enter or Refresh, with the free text), select and multi-select (choices
// given or loaded once through a pagedList actor of their own), boolean as any / yes / no, and a date
// range as two days or two date-times. A select, a boolean or a day applies at once, a date-time (typed
// in parts) like text; every change goes back to page 1 (the paged list does that) and the URL follows
// the list. Folded under 'Advanced filters', or (`open`) a plain 'Filters' form. Rules: "Clear
// filters" empties them all and reloads; an empty value is "any" (left out of the request and the URL).
import { useSelector } from '@xstate/react';
import type { FilterValue, ListFilters as Filters } from '../../../machines/generic/paged-list.machine.ts';
import { selectPagedList } from '../../../machines/generic/paged-list.machine.ts';
import type { Http } from '../../api/http.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Button, Checkbox, formGridClass, Select, TextField } from '../../ui/index.ts';
import { type ListRef, usePagedListActor } from '../lists/paged-list-view.tsx';
import type { KitTextKey } from './kit-texts.ts';
import * as styles from './kit.css.ts';
import { filterParameters } from './list-url.ts';
import type { FilterSpec, Option } from './resource-spec.ts';

type SelectFilter = Extract<FilterSpec, { kind: 'select' | 'multiSelect' }>;

export function AdvancedFilters({
  list,
  filters,
  http,
  t,
  open = false,
}: {
  list: ListRef;
  filters: FilterSpec[];
  http: Http;
  t: AreaTranslate<KitTextKey>;
  /** Always shown, not folded. */
  open?: boolean;
}) {
  const values = useSelector(list, (snapshot) => snapshot.context.filters);
  const edit = (name: string, value: FilterValue) => list.send({ type: 'filter.change', filters: { [name]: value } });
  const apply = (name: string, value: FilterValue) => list.send({ type: 'filter.changeAndReload', filters: { [name]: value } });
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const clear = () => {
    const cleared: Filters = {};
    for (const { name } of filterParameters(filters)) if (name !== 'filter') cleared[name] = undefined;
    list.send({ type: 'filter.changeAndReload', filters: cleared });
  };
  const form = (
    <form
      aria-label={open ? t('filters') : t('advancedFilters')}
      onSubmit={(event) => {
        event.preventDefault();
        list.send({ type: 'filter.submit' });
      }}
    >
      <div className={formGridClass}>
        {filters.map((filter) => {
          switch (filter.kind) {
            case 'text':
              return (
                <TextField
                  key={filter.name}
                  label={filter.label}
                  value={text(filter.name)}
                  onChange={(value) => edit(filter.name, value)}
                />
              );
            case 'boolean': {
              const value = values[filter.name];
              return (
                <Select
                  key={filter.name}
                  label={filter.label}
                  options={[
                    { id: 'any', label: t('anyValue') },
                    { id: 'true', label: t('yesValue') },
                    { id: 'false', label: t('noValue') },
                  ]}
                  value={value === true ? 'true' : value === false ? 'false' : 'any'}
                  onChange={(key) => apply(filter.name, key === 'true' ? true : key === 'false' ? false : undefined)}
                />
              );
            }
            case 'dateRange': {
              const type = filter.withTime ? 'datetime-local' : 'date';
              const change = filter.withTime ? edit : apply;
              return (
                <fieldset key={filter.from} className={styles.dateRange}>
                  <legend>{filter.label}</legend>
                  <TextField
                    label={filter.fromLabel}
                    type={type}
                    value={text(filter.from)}
                    onChange={(value) => change(filter.from, value)}
                  />
                  <TextField label={filter.toLabel} type={type} value={text(filter.to)} onChange={(value) => change(filter.to, value)} />
                </fieldset>
              );
            }
            default:
              return filter.loadOptions ? (
                <LoadedSelectFilter key={filter.name} filter={filter} http={http} value={values[filter.name]} apply={apply} t={t} />
              ) : (
                <SelectFilter
                  key={filter.name}
                  filter={filter}
                  options={filter.options ?? []}
                  value={values[filter.name]}
                  apply={apply}
                  t={t}
                />
              );
          }
        })}
      </div>
      <div className={styles.filterActions}>
        <Button type="submit" icon="search">
          {t('refresh')}
        </Button>
        <Button variant="ghost" onPress={clear}>
          {t('clearFilters')}
        </Button>
      </div>
    </form>
  );
  return open ? (
    form
  ) : (
    <details className={styles.advanced}>
      <summary>{t('advancedFilters')}</summary>
      {form}
    </details>
  );
}

function LoadedSelectFilter(props: {
  filter: SelectFilter;
  http: Http;
  value: FilterValue;
  apply: (name: string, value: FilterValue) => void;
  t: AreaTranslate<KitTextKey>;
}) {
  const { filter, http } = props;
  // The choices are a one-page list of their own (a pagedList actor), loaded once.
  const choices = usePagedListActor(
    async (_, signal) => {
      const items = (await filter.loadOptions?.(http, signal)) ?? [];
      return { items, totalCount: items.length };
    },
    { pageSize: 1000 },
  );
  const options = useSelector(choices, (snapshot) => selectPagedList<Option>(snapshot).items);
  return <SelectFilter {...props} options={options} />;
}

function SelectFilter({
  filter,
  options,
  value,
  apply,
  t,
}: {
  filter: SelectFilter;
  options: Option[];
  value: FilterValue;
  apply: (name: string, value: FilterValue) => void;
  t: AreaTranslate<KitTextKey>;
}) {
  if (filter.kind === 'multiSelect') {
    const selected = typeof value === 'string' && value !== '' ? value.split(',') : [];
    return (
      <fieldset className={styles.fieldset}>
        <legend>{filter.label}</legend>
        {options.map((option) => {
          const id = String(option.id);
          return (
            <Checkbox
              key={id}
              isSelected={selected.includes(id)}
              onChange={(checked) =>
                apply(filter.name, (checked ? [...selected, id] : selected.filter((one) => one !== id)).join(',') || undefined)
              }
            >
              {option.label}
            </Checkbox>
          );
        })}
      </fieldset>
    );
  }
  return (
    <Select
      label={filter.label}
      options={[{ id: '', label: t('anyValue') }, ...options.map((option) => ({ id: String(option.id), label: option.label }))]}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(key) => apply(filter.name, key === '' || key === null ? undefined : String(key))}
    />
  );
}
