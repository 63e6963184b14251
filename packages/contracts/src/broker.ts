/** What reconciling the broker's door-unit clients with the database found (and repaired). */
export interface BrokerDrift {
  /** Bound door units whose client was missing (created again). */
  missing: number;
  /** Clients of devices that are no longer bound (deleted). */
  extra: number;
  /** Clients with a stale password, role or ACL, or disabled (fixed). */
  changed: number;
  /** Bound door units whose secret the server cannot restore (no sealed copy): they need a new secret. */
  unrecoverable: number;
}

/** How many door units the embedded broker carries against where it stops being enough (MQTT_EMBEDDED_MAX_UNITS). */
export interface EmbeddedLoad {
  /** Bound door units of Gatehouse's own MQTT kind (they all connect to it). */
  units: number;
  /** MQTT_EMBEDDED_MAX_UNITS (0: not checked). */
  max: number;
  /** More units than `max`: they may time out connecting; use an external broker (docs/scale-out.md). */
  over: boolean;
}

/** The `broker` section of GET /api/health. */
export interface BrokerHealth {
  /** embedded (aedes in-process), external (MQTT_URL) or off. */
  mode: 'embedded' | 'external' | 'off';
  /** Who keeps door-unit credentials on the broker: the embedded broker itself, Mosquitto dynamic security, EMQX calling the HTTP endpoints, or nobody. */
  provisioning: 'embedded' | 'mosquitto' | 'emqx-http' | 'none';
  /** A reconcile is under way (the first one starts with the server and may take minutes on a new broker). */
  reconciling: boolean;
  lastReconcile: { at: string; ok: boolean; durationMs: number; drift: BrokerDrift; error?: string } | null;
  /** Door units whose broker change failed and waits for a retry. */
  pending: number;
  /** The embedded broker only: its load against its limit. */
  load?: EmbeddedLoad;
}
