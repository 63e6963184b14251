/**
 * Validates, then saves with the OK spinner on. A broken rule is shown on its field
 * and ends here quietly (antd's validateFields rejection is not an error); a failed
 * save has shown the server's message and leaves the dialog open. Answers whether
 * it saved.
 */
export async function validateThenSave<V>(
  validate: () => Promise<V>,
  save: (values: V) => Promise<unknown>,
  busy: (on: boolean) => void,
): Promise<boolean> {
  let values: V;
  try {
    values = await validate();
  } catch {
    return false;
  }
  busy(true);
  try {
    await save(values);
    return true;
  } catch {
    return false;
  } finally {
    busy(false);
  }
}
