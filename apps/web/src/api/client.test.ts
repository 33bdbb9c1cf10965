import { describe, expect, it } from 'vitest';
import { ApiError, httpStatusOr, refusedOr } from './client';

describe('failure texts of calls without server messages (001 §8)', () => {
  it('a withdraw failure the server answered without messages reads "HTTP {status} {text}"; an unanswered one the thrown text', () => {
    expect(httpStatusOr('An unexpected error occurred')(new ApiError(502, [], null, undefined, 'Bad Gateway'))).toBe('HTTP 502 Bad Gateway');
    expect(httpStatusOr('An unexpected error occurred')(new ApiError(500, []))).toBe('HTTP 500');
    expect(httpStatusOr('An unexpected error occurred')(new ApiError(0, []))).toBe('An unexpected error occurred');
    expect(httpStatusOr('x')(new TypeError('fetch failed'))).toBe('x');
  });
  it('refusedOr: "Failed to …" when the server refused, "An error occurred while …" when no answer came', () => {
    const text = refusedOr('Failed to update 2FA settings', 'An error occurred while updating the 2FA settings');
    expect(text(new ApiError(409, []))).toBe('Failed to update 2FA settings');
    expect(text(new ApiError(0, []))).toBe('An error occurred while updating the 2FA settings');
  });
});
