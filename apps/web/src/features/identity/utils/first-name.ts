/** The first name of a full name, for the header greeting (SPEC §2 "Header control"). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
