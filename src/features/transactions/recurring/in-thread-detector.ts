// The engine's recurring detector on this thread (tests, environments without workers), in a module of its own
// for recurring-detector.ts to load on demand: importing the engine's index itself dynamically would make the
// bundler keep every engine export in one chunk, which every signed-in page then loaded and evaluated.
export { detectRecurring } from '../../../../worker/engine/index';
