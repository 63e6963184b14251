import { type Kysely, sql } from 'kysely';

/**
 * The device secret sealed with MQTT_SECRET_KEY (AES-256-GCM), kept only when an
 * external Mosquitto is provisioned: its dynamic-security plugin needs the secret
 * itself, so a client deleted behind the server's back can be created again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table device add column secret_box text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table device drop column if exists secret_box`.execute(db);
}
