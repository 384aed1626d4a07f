/**
 * The doc model's reducers, one file per concern: one reducer per spec §4 transition, plus the
 * internal ones the effects drive. All pure and immutable, except `refresh`, whose whole point
 * (spec §4) is to make a new random key.
 */
import { displayReducers } from './display/reducers';
import { fetchReducers } from './fetch/reducers';
import { openReducers } from './open/reducers';
import { readingReducers } from './reading/reducers';
import { signatureReducers } from './signatures/reducers';

export const docReducers = {
  ...readingReducers,
  ...displayReducers,
  ...signatureReducers,
  ...openReducers,
  ...fetchReducers,
};
