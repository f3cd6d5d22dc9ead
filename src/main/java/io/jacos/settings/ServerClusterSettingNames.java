package io.jacos.settings;

import java.util.List;

/**
 * The server cluster's settings: names and defaults only. The membership reads them once, by name, because a
 * node's plan also comes from {@code cluster.conf} and the machine's addresses, and one text value
 * ({@code merge-interval}) carries two numbers.
 */
public final class ServerClusterSettingNames {

    public static final Setting MEMBER_LIST = Setting.withoutDefault("nacos.member.list");
    public static final Setting STANDALONE = new Setting("nacos.standalone", "false");
    public static final Setting IP_ADDRESS = Setting.withoutDefault("nacos.inetutils.ip-address");
    /** Where {@code conf/cluster.conf} and the embedded database live; {@code ${user.home}/nacos} unless set. */
    public static final Setting NACOS_HOME = Setting.withoutDefault("nacos.home");
    public static final Setting NAME = new Setting("jacos.cluster.name", "jacos");
    public static final Setting PORT_OFFSET = new Setting("jacos.cluster.port-offset", "1001");
    public static final Setting FD_SOCK_OFFSET = new Setting("jacos.cluster.fd-sock-offset", "1");
    public static final Setting BIND_ADDRESS = Setting.withoutDefault("jacos.cluster.bind-address");
    public static final Setting DISCOVERY = new Setting("jacos.cluster.discovery", "static");
    public static final Setting DNS_QUERY = Setting.withoutDefault("jacos.cluster.dns-query");
    public static final Setting SUSPECT_TIMEOUT = new Setting("jacos.cluster.suspect-timeout", "10000");
    /** {@code min/max} in ms, or the minimum alone (the maximum is then twice it). */
    public static final Setting MERGE_INTERVAL = new Setting("jacos.cluster.merge-interval", "3000/6000");
    public static final Setting JOIN_TIMEOUT = new Setting("jacos.cluster.join-timeout", "2000");
    public static final Setting MAX_SEND_QUEUE = new Setting("jacos.cluster.max-send-queue", "1000");
    /** Shared by every node of a cluster; no default, never shown. */
    public static final Setting SECRET = Setting.withoutDefault("jacos.cluster.secret");

    static final List<Setting> SETTINGS = List.of(MEMBER_LIST, STANDALONE, IP_ADDRESS, NACOS_HOME, NAME, PORT_OFFSET,
            FD_SOCK_OFFSET, BIND_ADDRESS, DISCOVERY, DNS_QUERY, SUSPECT_TIMEOUT, MERGE_INTERVAL, JOIN_TIMEOUT,
            MAX_SEND_QUEUE, SECRET);

    private ServerClusterSettingNames() {
    }
}
