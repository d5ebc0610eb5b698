export { cancelPendingDeletion, deleteDueAccounts } from './deletion';
export { runDataExport, sweepExpiredExports } from './export';
export { runAccountDeletion } from './jobs';
