/** The two database engines; migrations and a few queries differ by engine. */
export type Engine = 'sqlite' | 'postgres';
