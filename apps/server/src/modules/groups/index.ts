// What other modules (and the benchmark) may use of groups: the one access answer every group
// call asks, and an automatic group's rule applied to its whole college.
export {
  accessOf,
  demand,
  loadGroupAccess,
  memberGroupIds,
  type GroupAccess,
  type GroupRow,
} from './access';
export { applyGroupRule } from './repository';
export { automaticGroupsOf, followRuleMoves, ruleMoves, type RuleMoves } from './rule-moves';
