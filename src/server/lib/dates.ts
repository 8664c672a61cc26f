// Calendar-date helpers live in contracts, shared with the browser.
export { addDays, addMonths, todayInLosAngeles } from '../../contracts/dates';
