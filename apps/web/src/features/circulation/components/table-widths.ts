/** The least width of a table's title column: narrower, a title breaks word by word beside the date columns. */
export const TITLE_COLUMN_WIDTH = '8rem';
