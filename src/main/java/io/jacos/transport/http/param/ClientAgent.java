package io.jacos.transport.http.param;

import java.util.List;

/**
 * Which 1.x clients get UDP pushes, told from their {@code User-Agent} ({@code Nacos-Java-Client:v1.4.6}), or
 * from {@code Client-Version} when there is no User-Agent, as Nacos does. A client type is pushed from the
 * version Nacos's push switches name ({@code pushJavaVersion} 0.1.0 and so on); every other client (unknown
 * type, no version) only polls. Nacos checks its DNS-F client against the Python version; so does this.
 */
public final class ClientAgent {

    private record MinimumVersion(String prefix, int[] version) {
    }

    private static final List<MinimumVersion> PUSHABLE = List.of(
            new MinimumVersion("Nacos-Java-Client", new int[]{0, 1, 0}),
            new MinimumVersion("Nacos-Go-Client", new int[]{0, 1, 0}),
            new MinimumVersion("Nacos-C-Client", new int[]{1, 0, 12}),
            new MinimumVersion("vip-client4cpp", new int[]{1, 0, 12}),
            new MinimumVersion("Nacos-CSharp-Client", new int[]{0, 9, 0}),
            new MinimumVersion("Nacos-DNS", new int[]{0, 4, 3}));

    private ClientAgent() {
    }

    /** The agent string Nacos goes by: the User-Agent, else Client-Version, else empty. */
    public static String of(String userAgent, String clientVersion) {
        if (userAgent != null && !userAgent.isEmpty()) {
            return userAgent;
        }
        return clientVersion == null ? "" : clientVersion;
    }

    public static boolean canPush(String agent) {
        if (agent == null) {
            return false;
        }
        for (MinimumVersion minimum : PUSHABLE) {
            if (agent.startsWith(minimum.prefix())) {
                int at = agent.indexOf(":v");
                return at >= 0 && compare(parse(agent.substring(at + 2)), minimum.version()) >= 0;
            }
        }
        return false;
    }

    /** Major, minor, patch of {@code 1.4.6}, {@code 2.0.0-BETA} or {@code 1.4}; 0.0.0 when unreadable. */
    static int[] parse(String text) {
        int[] version = new int[3];
        String[] parts = text.split("[.\\-+ ]", -1);
        for (int i = 0; i < 3 && i < parts.length; i++) {
            if (!parts[i].matches("\\d{1,9}")) {
                return i == 0 ? new int[3] : version;
            }
            version[i] = Integer.parseInt(parts[i]);
        }
        return version;
    }

    private static int compare(int[] a, int[] b) {
        for (int i = 0; i < 3; i++) {
            if (a[i] != b[i]) {
                return Integer.compare(a[i], b[i]);
            }
        }
        return 0;
    }
}
