package io.jacos.application;

import io.jacos.model.ConfigKey;

import java.util.Objects;

/**
 * A publish as the store takes it, already validated: the new content and what describes it, the md5 a
 * compare-and-set publish expects to replace (null for a plain publish), who asked and when.
 */
public record ConfigWrite(ConfigKey key, String content, String type, String encryptedDataKey, String appName,
                          String description, String tags, String casMd5, Source source, long atMillis) {

    /** Who made a change, as the history records it: the user (blank when auth is off) and the address. */
    public record Source(String user, String ip) {
        public Source {
            user = user == null ? "" : user;
            ip = ip == null ? "" : ip;
        }
    }

    public ConfigWrite {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(source, "source");
    }
}
