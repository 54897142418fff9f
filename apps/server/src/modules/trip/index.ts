// The trip module's public face (issue 27): plan by trip and the wrong-plan check. Routes are mounted by
// modules/index.ts.
export { planCoverage, planTrip } from './trip.service';
export { checkPlan, confusedWith } from './trip-check.service';
export { solveTrip, type TripCandidate, type TripAnswer } from './trip.solver';
export { TRIP_PLANNER_PAGE, WEBSITE_PAGE, tripPlannerFirstScreen, websiteFirstScreen } from './trip-website';
