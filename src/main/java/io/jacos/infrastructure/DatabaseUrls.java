package io.jacos.infrastructure;

import java.util.regex.Pattern;

/**
 * A database URL as it may be shown (the settings page, the storage logs): its user info and any parameter that
 * may hold a secret masked, whatever the driver's syntax.
 */
public final class DatabaseUrls {

    public static final String MASK = "******";

    /**
     * A URL parameter that may hold a secret, after {@code ?}, {@code &}, {@code ;} (SQL Server, H2) or
     * {@code (}/{@code ,} (MySQL's key-value hosts); its value runs to the next separator.
     */
    private static final Pattern SECRET_PARAMETER = Pattern.compile(
            "([?&;(,][^=?&;(),@/]*(?:password|passwd|pwd|secret|token|credential|key)[^=?&;(),@/]*=)[^&;()]*",
            Pattern.CASE_INSENSITIVE);

    private DatabaseUrls() {
    }

    /**
     * The URL without its user info and secret parameters. User info ends at the last {@code @} before the query;
     * it starts after {@code //} ({@code jdbc:postgresql://user:pw@host/db}) or, without one, after the last
     * {@code :} before its first {@code /} ({@code jdbc:oracle:thin:user/pw@host:1521:db}).
     */
    public static String masked(String url) {
        String masked = SECRET_PARAMETER.matcher(url).replaceAll("$1" + MASK);
        int query = masked.indexOf('?');
        int at = masked.lastIndexOf('@', query < 0 ? masked.length() - 1 : query);
        if (at < 0) {
            return masked;
        }
        int slashes = masked.lastIndexOf("//", at);
        int start;
        if (slashes >= 0) {
            start = slashes + 2;
        } else {
            int slash = masked.indexOf('/');
            start = masked.lastIndexOf(':', slash >= 0 && slash < at ? slash : at) + 1;
        }
        return start >= at ? masked : masked.substring(0, start) + MASK + masked.substring(at);
    }
}
