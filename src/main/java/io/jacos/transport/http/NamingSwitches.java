package io.jacos.transport.http;

import io.jacos.application.RuntimeSwitches;
import io.jacos.settings.NamingSettings;
import io.jacos.settings.UdpSettings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer of {@code GET /operator/switches} (v1, and v2 in its envelope): every key of Nacos's switch domain,
 * with this server's own value where it has one (beat interval and light beats as they are now, cache times, UDP
 * push) and Nacos's default elsewhere.
 */
public final class NamingSwitches {

    private NamingSwitches() {
    }

    public static Map<String, Object> of(NamingSettings naming, UdpSettings udp, RuntimeSwitches switches) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("name", "00-00---000-NACOS_SWITCH_DOMAIN-000---00-00");
        s.put("masters", null);
        s.put("adWeightMap", Map.of());
        s.put("defaultPushCacheMillis", naming.cacheMillis());
        s.put("clientBeatInterval", switches.beatIntervalMillis());
        s.put("defaultCacheMillis", 3000);
        s.put("distroThreshold", 0.7f);
        s.put("healthCheckEnabled", true);
        s.put("autoChangeHealthCheckEnabled", true);
        s.put("distroEnabled", false);
        s.put("enableStandalone", true);
        s.put("pushEnabled", udp.udpPushEnabled());
        s.put("checkTimes", 3);
        s.put("httpHealthParams", health(5000, 500, 0.85f));
        s.put("tcpHealthParams", health(5000, 1000, 0.75f));
        s.put("mysqlHealthParams", health(3000, 2000, 0.65f));
        s.put("incrementalList", List.of());
        s.put("serverStatusSynchronizationPeriodMillis", 2000);
        s.put("serviceStatusSynchronizationPeriodMillis", 5000);
        s.put("disableAddIP", false);
        s.put("sendBeatOnly", false);
        s.put("lightBeatEnabled", switches.lightBeatEnabled());
        s.put("limitedUrlMap", Map.of());
        s.put("distroServerExpiredMillis", 10000);
        s.put("pushGoVersion", "0.1.0");
        s.put("pushJavaVersion", "0.1.0");
        s.put("pushPythonVersion", "0.4.3");
        s.put("pushCVersion", "1.0.12");
        s.put("pushCSharpVersion", "0.9.0");
        s.put("enableAuthentication", false);
        s.put("overriddenServerStatus", null);
        s.put("defaultInstanceEphemeral", true);
        s.put("healthCheckWhiteList", List.of());
        s.put("checksum", null);
        return s;
    }

    private static Map<String, Object> health(int max, int min, float factor) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("max", max);
        params.put("min", min);
        params.put("factor", factor);
        return params;
    }
}
