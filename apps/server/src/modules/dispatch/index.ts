// What other modules may use of dispatch: the CSV cell guard its files use too.
export { neutralizeFormula } from './csv';
