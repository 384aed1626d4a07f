test('jest runs', () => {
  expect([1, 2].length).toBe(2);
});
