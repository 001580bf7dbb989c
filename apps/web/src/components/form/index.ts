// The form kit (decision 0040): one way for every patron and staff form to hold values, check the
// SPEC §5 rules with messages naming the field, show a refusal in place and say it is sending.
export { useForm, type FieldBinding, type FieldErrors, type UseFormOptions } from './use-form';
export { rules, splitEmails, firstErrors } from './rules';
export {
  CheckboxField,
  CheckboxGroupField,
  DateField,
  TimeField,
  EmailField,
  FormRefusal,
  PasswordField,
  PhoneField,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from './fields';
export { DateRangeFilter } from './date-range-filter';
export { isRangeInOrder, lastTwelveMonths, localDay, type DateRange } from './date-range';
export { isValidEmail, isValidPhone, keepPhoneCharacters, PHONE_MAX_LENGTH } from './contact';
export { refusalOf } from './refusal';
export { useFocusFirstError } from './use-focus-first-error';
