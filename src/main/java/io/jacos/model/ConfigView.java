package io.jacos.model;

/**
 * A client as gray rules see it: the IP a beta is matched against, and the tag it asks with (null for none). Every
 * other client, and a reader with no view at all ({@link #FORMAL}), gets the formal version.
 */
public record ConfigView(String clientIp, String tag) {

    public static final ConfigView FORMAL = new ConfigView(null, null);

    /** The label (and HTTP header) a tag gray is matched with, as Nacos names it. */
    public static final String TAG_LABEL = "Vipserver-Tag";

    public ConfigView {
        tag = tag == null || tag.isBlank() ? null : tag.trim();
        clientIp = clientIp == null || clientIp.isBlank() ? null : clientIp.trim();
    }
}
