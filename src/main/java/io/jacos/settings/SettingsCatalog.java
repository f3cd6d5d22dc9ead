package io.jacos.settings;

import java.util.List;
import java.util.stream.Stream;

/** Every setting of this package, in one list: what the server page shows and what the settings reference holds. */
public final class SettingsCatalog {

    private SettingsCatalog() {
    }

    public static List<Setting> all() {
        return Stream.of(ServerSettings.SETTINGS, ConnectionSettings.SETTINGS, PushSettings.SETTINGS,
                        NamingSettings.SETTINGS, BeatSettings.SETTINGS, UdpSettings.SETTINGS,
                        HealthCheckSettings.SETTINGS, ReplicationSettings.SETTINGS, BalanceSettings.SETTINGS,
                        HistorySettings.SETTINGS, ConfigSettings.SETTINGS, ConfigArchiveSettings.SETTINGS,
                        AuthSettings.SETTINGS,
                        RateLimitSettings.SETTINGS, TlsSettings.SETTINGS, ServerClusterSettingNames.SETTINGS,
                        StorageSettingNames.SETTINGS)
                .flatMap(List::stream).toList();
    }
}
