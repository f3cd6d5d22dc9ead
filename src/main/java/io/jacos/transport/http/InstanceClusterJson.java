package io.jacos.transport.http;

import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.HealthCheck;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A cluster as the v1 API shows it, in Nacos's shape ({@code name}, {@code healthChecker},
 * {@code defaultCheckPort}, {@code useIPPort4Check}, {@code metadata}); the checker also shows the times and
 * thresholds the cluster sets (0: the server's).
 */
public final class InstanceClusterJson {

    private InstanceClusterJson() {
    }

    public static Map<String, Object> of(InstanceClusterSettings cluster) {
        HealthCheck check = cluster.healthCheck();
        Map<String, Object> checker = new LinkedHashMap<>();
        checker.put("type", check.type().name());
        if (check.type() == HealthCheck.Type.HTTP) {
            checker.put("path", check.path());
            checker.put("headers", check.headers());
            checker.put("expectedResponseCode", check.expectedStatus());
        }
        checker.put("intervalMillis", check.intervalMillis());
        checker.put("timeoutMillis", check.timeoutMillis());
        checker.put("unhealthyThreshold", check.unhealthyThreshold());
        checker.put("healthyThreshold", check.healthyThreshold());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("name", cluster.name());
        answer.put("healthChecker", checker);
        answer.put("defaultCheckPort", cluster.checkPort());
        answer.put("useIPPort4Check", cluster.useInstancePort());
        answer.put("metadata", cluster.metadata());
        return answer;
    }
}
