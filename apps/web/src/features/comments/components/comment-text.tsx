import { Text } from '@mantine/core';
import classes from './comments.module.css';

/**
 * A comment's text as the patron typed it: plain text (React escapes it, so markup shows as the
 * characters typed), with its line breaks kept.
 */
export function CommentText({ text }: { text: string }) {
  return (
    <Text className={classes.text} size="sm">
      {text}
    </Text>
  );
}
