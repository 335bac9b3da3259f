// The forecast web worker (module worker): exposes the engine's forecast and compare through Comlink.
import { expose } from 'comlink';
import { forecastApi } from './forecast-api';

expose(forecastApi);
