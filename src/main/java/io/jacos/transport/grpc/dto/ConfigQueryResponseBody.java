package io.jacos.transport.grpc.dto;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * {@code ConfigQueryResponse}. {@code contentType} is the configuration's type ({@code text}, {@code yaml}, ...),
 * which the client keeps as the type; the client computes the md5 from the content itself.
 */
public record ConfigQueryResponseBody(int resultCode, int errorCode, String message, boolean success,
                                      String content, String encryptedDataKey, String contentType, String md5,
                                      long lastModified, boolean beta, String tag) {

    /** What the client takes as "no such configuration": it then drops its local snapshot. */
    public static final int CONFIG_NOT_FOUND = 300;

    public static ConfigQueryResponseBody found(String content, String encryptedDataKey, String type, String md5,
                                                long lastModified) {
        return new ConfigQueryResponseBody(ResponseBody.OK, 0, null, true, content, encryptedDataKey, type, md5,
                lastModified, false, null);
    }

    /** A gray version: {@code beta} for a beta's, {@code tag} (URL-encoded, as Nacos sends it) for a tag's. */
    public static ConfigQueryResponseBody gray(String content, String encryptedDataKey, String type, String md5,
                                               long lastModified, boolean beta, String tag) {
        return new ConfigQueryResponseBody(ResponseBody.OK, 0, null, true, content, encryptedDataKey, type, md5,
                lastModified, beta, tag == null ? null : URLEncoder.encode(tag, StandardCharsets.UTF_8));
    }

    public static ConfigQueryResponseBody notFound() {
        return notFound(null);
    }

    /** Not found; {@code tag} is the tag asked for, which Nacos names in its answer. */
    public static ConfigQueryResponseBody notFound(String tag) {
        return new ConfigQueryResponseBody(ResponseBody.FAIL, CONFIG_NOT_FOUND, "config data not exist", false,
                null, null, null, null, 0, false, tag);
    }
}
