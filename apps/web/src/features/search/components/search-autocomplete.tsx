import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput, VisuallyHidden, type TextInputProps } from '@mantine/core';
import { useDebouncedValue, useMergedRef } from '@mantine/hooks';
import type { AutocompleteSuggestion, SearchType } from '@estante/contract';
import { useAutocomplete } from '../api/get-autocomplete';
import classes from './search-aids.module.css';

/** Wait after the last key before asking for suggestions. */
export const AUTOCOMPLETE_DELAY_MS = 250;
/** Suggestions are asked for from this many typed characters on. */
export const AUTOCOMPLETE_MIN_LENGTH = 2;

export interface SearchAutocompleteProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The text in the field (a controlled input, as a Mantine TextInput). */
  value: string;
  /**
   * Called as with a TextInput: with each key typed, and with the text of a chosen suggestion
   * (a real change event of the input, so `event.currentTarget.value` holds it).
   */
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The search type the suggestions are for: livre suggests titles, authors and subjects. */
  searchType?: SearchType;
  /** Called once a suggestion was chosen (its text is already in the field). */
  onSuggestionSelect?: (suggestion: AutocompleteSuggestion) => void;
  ref?: Ref<HTMLInputElement>;
}

/** Puts a text in a controlled input the way typing does, so React calls its onChange with a real event. */
function typeInto(input: HTMLInputElement, text: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Translation key of each suggestion kind (the search types of the same name). */
const KIND_LABEL = {
  titulo: 'search.type.titulo',
  autor: 'search.type.autor',
  assunto: 'search.type.assunto',
} as const;

/**
 * A search field that suggests titles, authors and subjects as one types (WAI-ARIA combobox with a
 * list popup): Down and Up open the list and move through it, Enter takes the highlighted
 * suggestion (with none highlighted, Enter sends the form), Escape closes the list. The list is
 * announced by the field (aria-expanded, aria-activedescendant) and its size by a status message.
 * It takes the props of the Mantine TextInput it replaces.
 */
export function SearchAutocomplete({
  value,
  onChange,
  searchType = 'livre',
  onSuggestionSelect,
  ref,
  onKeyDown,
  onBlur,
  ...inputProps
}: SearchAutocompleteProps) {
  const { t } = useTranslation();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);
  // What the person typed (a text put in by a chosen suggestion or by the page does not count).
  const [typed, setTyped] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const choosing = useRef(false);
  const [debounced] = useDebouncedValue(typed.trim(), AUTOCOMPLETE_DELAY_MS);
  const isAsking =
    debounced.length >= AUTOCOMPLETE_MIN_LENGTH && typed.trim().length >= AUTOCOMPLETE_MIN_LENGTH;
  const query = useAutocomplete(debounced, searchType, isAsking);
  const suggestions = isAsking ? (query.data ?? []) : [];
  const isExpanded = isOpen && suggestions.length > 0;
  const activeIndex = isExpanded && active < suggestions.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setIsOpen(false);
    setActive(-1);
  };
  const choose = (suggestion: AutocompleteSuggestion) => {
    close();
    const input = inputRef.current;
    if (input) {
      choosing.current = true;
      typeInto(input, suggestion.texto);
      choosing.current = false;
    }
    setTyped('');
    onSuggestionSelect?.(suggestion);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || (event.altKey && event.key !== 'ArrowDown')) return;
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        if (!isExpanded || event.altKey) {
          setIsOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else {
          setActive((activeIndex + 1) % count);
        }
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setIsOpen(true);
        setActive(!isExpanded || activeIndex <= 0 ? count - 1 : activeIndex - 1);
        return;
      case 'Enter':
        if (isExpanded && activeIndex >= 0) {
          // The highlighted suggestion is taken; the form is not sent yet.
          event.preventDefault();
          choose(suggestions[activeIndex]!);
        } else {
          close();
        }
        return;
      case 'Escape':
        if (isExpanded) {
          // Closes the list only (a search field would also clear itself).
          event.preventDefault();
          close();
        }
        return;
      case 'Tab':
        close();
        return;
      default:
        return;
    }
  };

  return (
    <div className={classes.combobox}>
      <TextInput
        {...inputProps}
        ref={mergedRef}
        value={value}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          if (!choosing.current) {
            setTyped(event.currentTarget.value);
            setIsOpen(true);
            setActive(-1);
          }
          onChange(event);
        }}
        onKeyDown={handleKeyDown}
        onBlur={(event) => {
          close();
          onBlur?.(event);
        }}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t('search.autocomplete.listLabel')}
        className={classes.listbox}
        hidden={!isExpanded}
      >
        {isExpanded &&
          suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.tipo}-${suggestion.cod_autoridade ?? 0}-${suggestion.texto}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={classes.option}
              // Keeps the focus in the field, so choosing with the mouse does not close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              <span>{suggestion.texto}</span>
              <span className={classes.optionKind}>{t(KIND_LABEL[suggestion.tipo])}</span>
            </li>
          ))}
      </ul>
      <VisuallyHidden role="status" aria-live="polite">
        {isExpanded ? t('search.autocomplete.available', { count: suggestions.length }) : ''}
      </VisuallyHidden>
    </div>
  );
}
