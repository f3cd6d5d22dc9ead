package io.jacos.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A configuration as stored: its content with the content's md5, and what a client or the console said about
 * it. {@code encryptedDataKey} is the key of a client-side encrypted content, kept and returned unread.
 * {@code revision} grows by one with every change of the row, so two copies of one key are ordered.
 */
public record ConfigEntry(ConfigKey key, String content, String md5, String type, String encryptedDataKey,
                          String appName, String description, String tags, long modifiedMillis, long revision) {

    /** The md5 of content nobody has: what clients send for a config they do not hold. */
    public static final String NO_MD5 = "";

    public ConfigEntry {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(md5, "md5");
        type = type == null || type.isBlank() ? "text" : type;
        encryptedDataKey = encryptedDataKey == null ? "" : encryptedDataKey;
        appName = appName == null ? "" : appName;
        description = description == null ? "" : description;
        tags = tags == null ? "" : tags;
    }

    /** Lower-case hex md5 of the content's UTF-8 bytes, as clients compute it; {@link #NO_MD5} for none. */
    public static String md5Of(String content) {
        if (content == null) {
            return NO_MD5;
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                    .digest(content.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is a required JDK algorithm", e);
        }
    }
}
