package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.Set;

/**
 * The rules every HTTP answer of a run must keep. Everywhere: no leak ({@link Leaks}, signed tokens included),
 * never a 500 (but for a configuration's compare-and-set mismatch, which says so), and a refusal (4xx, or 503 over
 * a limit) for every case that must be refused. By kind of request: the admin API answers the v2 envelope
 * ({@code code}, {@code message}, {@code data}; code 0 exactly on success), except for the path rules' plain
 * refusal and the container's empty answers to what it refuses itself (a DELETE with a body, a TRACE); no login
 * answer carries a token (with auth on every login of a run is wrong, so none may succeed).
 */
final class HttpJudge {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The server page, whose settings name the server's directories for the admin who asks. */
    private static final String SERVER_PAGE = "/nacos/admin/server";
    private static final String ARCHIVE = "/nacos/admin/config-archive";
    private static final String CAS_MISMATCH = "Cas publish fail, server md5 may have changed.";
    private static final Set<String> PATH_REFUSALS = Set.of("Path parameters (';') are not accepted.",
            "A backslash is not accepted in the path.", "Empty path segments ('//') are not accepted.",
            "The path is not URL-encoded.", "Dot segments ('.', '..') are not accepted in the path.",
            "Encoded separators and control characters are not accepted in the path.");

    private final Findings findings;

    HttpJudge(Findings findings) {
        this.findings = findings;
    }

    void judge(HttpCase c, int status, String body) {
        String where = "case " + c.index() + " [" + c.label() + "] " + c.describe();
        boolean rawPath = c.kind() == HttpCase.Kind.RAW_PATH;
        findings.outcome("http " + c.kind().name().toLowerCase() + (c.mustRefuse() ? " refuse " : " ") + status);
        // Odd paths and methods may be answered by the container before the application (a redirect to "/nacos/",
        // Payara Micro's HTML error report outside the /nacos context): its HTML is allowed there, but what it
        // says is checked like any answer. Every API answer must be free of HTML.
        boolean serverPage = c.kind() == HttpCase.Kind.ADMIN && c.method().equals("GET")
                && c.path().equals(SERVER_PAGE) && status == 200;
        Leaks.find(rawPath ? body.replaceAll("<[^>]*>", " ") : body, serverPage)
                .ifPresent(leak -> findings.problem("http-leak", leak + " <- " + where));
        boolean redirect = status >= 300 && status < 400;
        // A compare-and-set publish that finds another md5 is a 500, as Nacos answers it, and says so.
        boolean casMismatch = c.kind() == HttpCase.Kind.CONFIG && status == 500 && c.method().equals("POST")
                && body.contains(CAS_MISMATCH);
        // Around the API an unknown method is a 501 and a path the container normalizes a redirect.
        boolean refused = (status >= 400 && status < 500) || status == 503 || casMismatch
                || (rawPath && (status == 501 || redirect));
        if (status >= 500 && status != 503 && !casMismatch && !(rawPath && status == 501)) {
            findings.problem("http-server-error " + status, cut(body) + " <- " + where);
        } else if (c.mustRefuse() && !refused) {
            findings.problem("http-" + c.kind().name().toLowerCase() + "-accepted " + status, cut(body) + " <- "
                    + where);
        } else if (!refused && status != 200) {
            findings.problem("http-odd-status " + status, cut(body) + " <- " + where);
        }
        switch (c.kind()) {
            case ADMIN -> {
                // An export is a zip download, not an envelope.
                if (!(status == 200 && c.method().equals("GET") && c.path().startsWith(ARCHIVE))) {
                    envelope(status, body, where);
                }
            }
            case LOGIN -> login(body, where);
            default -> {
                // The naming API answers in Nacos's own forms, text and JSON: the rules above are all.
            }
        }
    }

    private void envelope(int status, String body, String where) {
        boolean pathRule = status == 400 && PATH_REFUSALS.contains(body.trim());
        boolean container = (status == 400 || status == 405) && body.isEmpty();
        if (pathRule || container) {
            return;
        }
        JsonNode answer = parse(body);
        if (answer == null || !answer.isObject() || !answer.path("code").isInt() || !answer.path("message").isTextual()
                || !answer.has("data")) {
            findings.problem("http-admin-not-an-envelope " + status, cut(body) + " <- " + where);
        } else if ((answer.path("code").asInt() == 0) != (status < 300)) {
            findings.problem("http-admin-code-contradicts-status " + status, cut(body) + " <- " + where);
        }
    }

    private void login(String body, String where) {
        JsonNode answer = parse(body);
        String token = answer == null ? "" : answer.path("accessToken").asText(answer.path("data")
                .path("accessToken").asText(""));
        if (!token.isEmpty()) {
            findings.problem("http-login-token", cut(body) + " <- " + where);
        }
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    private static String cut(String body) {
        return body.length() > 400 ? body.substring(0, 400) + "...(" + body.length() + ")" : body;
    }
}
