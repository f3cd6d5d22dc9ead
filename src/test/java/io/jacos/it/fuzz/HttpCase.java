package io.jacos.it.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One generated HTTP request. {@code path} is sent as it is (already encoded, or deliberately not); so is
 * {@code rawQuery} when set, in place of {@code query}. {@code body} is sent with {@code contentType} when not null;
 * else {@code form}, form-encoded. {@code mustRefuse}: a write made invalid by construction, or a call that needs a
 * right no fuzz caller has, which must never succeed.
 */
record HttpCase(long index, Kind kind, String label, String method, String path, List<String[]> query,
                List<String[]> form, List<String[]> headers, String contentType, byte[] body, String rawQuery,
                boolean mustRefuse) {

    /** What answers the request, and so which rules its answer is judged by ({@link HttpJudge}). */
    enum Kind {
        /** The v1 and v2 naming API and the v1 console: Nacos's answers, a 200 or a refusal. */
        NAMING,
        /** The v1 and v2 configuration API: Nacos's answers; a compare-and-set mismatch is its one 500. */
        CONFIG,
        /** Paths and methods around and outside the API, which the container may answer itself. */
        RAW_PATH,
        /** {@code /nacos/admin}: the v2 envelope, always. */
        ADMIN,
        /** The login endpoints: never a token for a wrong login. */
        LOGIN,
        /** Nacos's user API under {@code /nacos/v1/auth}: a global admin's only. */
        USER_API
    }

    /** The same request, carrying the token as the query parameter, the {@code accessToken} header or a bearer. */
    HttpCase withToken(String token, int where) {
        if (token == null) {
            return this;
        }
        List<String[]> moreQuery = new ArrayList<>(query);
        List<String[]> moreHeaders = new ArrayList<>(headers);
        switch (where) {
            case 0 -> moreQuery.add(new String[]{"accessToken", token});
            case 1 -> moreHeaders.add(new String[]{"accessToken", token});
            default -> moreHeaders.add(new String[]{"Authorization", "Bearer " + token});
        }
        return new HttpCase(index, kind, label, method, path, moreQuery, form, moreHeaders, contentType, body,
                rawQuery, mustRefuse);
    }

    String describe() {
        StringBuilder s = new StringBuilder(method).append(' ').append(path).append(" q=");
        query.forEach(p -> s.append(p[0]).append('=').append(cut(p[1])).append('&'));
        if (!form.isEmpty()) {
            s.append(" form=");
            form.forEach(p -> s.append(p[0]).append('=').append(cut(p[1])).append('&'));
        }
        headers.forEach(p -> s.append(" [").append(p[0]).append(": ").append(cut(p[1])).append(']'));
        if (body != null) {
            s.append(" body(").append(contentType).append(")=").append(cut(new String(body, StandardCharsets.UTF_8)));
        }
        return s.append(rawQuery == null ? "" : " raw=" + cut(rawQuery)).toString();
    }

    private static String cut(String v) {
        return v.length() > 80 ? v.substring(0, 80) + "...(" + v.length() + ")" : v;
    }
}
