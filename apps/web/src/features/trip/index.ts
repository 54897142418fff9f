// The trip feature (issue 27): plan by trip, and the wrong-plan confirm other features call before buying.
export { TripPlanner } from './components/trip-planner';
export { TripPlannerEntry } from './components/trip-entry';
export { confirmRightPlan, warningText } from './components/plan-confirm';
export { TRIP_PLANNER_PATH, tripPlannerPath } from './model/trip-params';
export { WebsiteLanding } from './components/website-landing';
export { prefetchTripDestinations } from './api/trip.api';
