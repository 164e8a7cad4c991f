// What the page's modules share: the characters of values 1..25, as the engine writes them.
export const VALUE_CHARS = "123456789ABCDEFGHIJKLMNOPQ";
