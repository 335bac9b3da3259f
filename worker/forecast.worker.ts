// The app's one forecast web worker (module worker): exposes worker/forecast-api.ts (forecast, compare, the
// compare screen's view and its warm-up) through Comlink.
import { expose } from 'comlink';
import { forecastApi } from './forecast-api';

expose(forecastApi);
