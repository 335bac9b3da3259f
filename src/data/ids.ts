// Entity ids are made on the device (UUID v4) so records created offline keep their ids on the server.
export function newId(): string {
  return crypto.randomUUID();
}
