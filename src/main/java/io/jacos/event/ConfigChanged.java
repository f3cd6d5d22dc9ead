package io.jacos.event;

import io.jacos.model.ConfigKey;

/**
 * A configuration's content changed (created, replaced with other content, or removed: {@code md5} empty), as
 * committed to the database and taken into the index; {@code revision} is the change's.
 */
public record ConfigChanged(ConfigKey key, String md5, long revision) {
}
