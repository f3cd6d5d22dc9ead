package io.jacos.it.fuzz;

import java.util.Map;

/** The last step of an HTTP write case: one parameter set to a value its endpoint must refuse, after the noise. */
final class HttpPoisons {

    private HttpPoisons() {
    }

    /** Sets one parameter to a value the endpoint must refuse. */
    static void poison(Map<String, String> p, String poison, Hostile h) {
        if (p.getOrDefault("serviceName", "").contains("@@")) {
            // A v1 service name "group@@name" names its group itself, which would make a group poison moot.
            p.put("serviceName", "svc");
        }
        switch (poison) {
            case "serviceName" -> p.put("serviceName", h.poisonServiceName(p.getOrDefault("serviceName", "svc")));
            case "groupName" -> p.put("groupName", h.poisonGroup());
            case "namespaceId", "customNamespaceId", "namespace" -> p.put(poison, h.poisonNamespace());
            case "ip" -> p.put("ip", h.poisonIp());
            case "port" -> p.put("port", Long.toString(h.poisonPort()));
            case "port-text" -> p.put("port", h.pick(new String[]{"abc", "1.5", "0x50", "", "8080a", "--1"}));
            case "weight" -> p.put("weight", Double.toString(h.poisonWeight()));
            case "weight-text" -> p.put("weight", h.pick(new String[]{"heavy", "1,5", "--1", "0x1p3q"}));
            case "clusterName" -> p.put("clusterName", h.poisonCluster());
            case "beat" -> p.put("beat", h.pick(new String[]{"{", "[1,2]", "\"x\"", "{\"ip\":", "{\"port\":\"abc\"}"}));
            case "protectThreshold" -> p.put("protectThreshold", h.pick(new String[]{"abc", "0.5.5", "--1", "1e"}));
            case "selector" -> p.put("selector", h.pick(new String[]{"{", "[]", "{\"expression\":\"a\"}", "\"none\""}));
            case "healthChecker" -> p.put("healthChecker", h.pick(new String[]{"{", "[]", "{\"type\":\"SMTP\"}", "42"}));
            case "checkPort" -> p.put("checkPort", h.pick(new String[]{"abc", "-1", "70000", "1e3"}));
            case "namespaceName", "namespaceShowName" -> p.put(poison, h.pick(new String[]{"a@b", "x#", "$", "",
                    "n".repeat(129)}));
            default -> throw new IllegalArgumentException(poison);
        }
    }
}
