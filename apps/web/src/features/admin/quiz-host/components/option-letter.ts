/** Options read A–F on the big screen, as players see them in order. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** The same colour for an option on every screen of the console. */
export const OPTION_COLOURS = ['red', 'blue', 'yellow', 'green', 'violet', 'orange'] as const;
