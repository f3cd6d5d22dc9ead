package io.jacos.event;

import io.jacos.model.ConfigKey;

/**
 * A configuration's content changed (created, replaced with other content, or removed: {@code md5} empty), as
 * committed to the database and taken into the index; {@code revision} is the change's. {@code gray}: only a gray
 * version changed (published, replaced or stopped), and {@code md5} is the formal one, as it was.
 */
public record ConfigChanged(ConfigKey key, String md5, long revision, boolean gray) {

    public ConfigChanged(ConfigKey key, String md5, long revision) {
        this(key, md5, revision, false);
    }
}
