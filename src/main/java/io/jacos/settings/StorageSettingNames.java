package io.jacos.settings;

import java.util.List;

/**
 * The storage settings: names and defaults only, Nacos's names where Nacos has them. The storage reads them by name
 * because they choose between three kinds of database and carry a family of pool settings.
 */
public final class StorageSettingNames {

    public static final Setting PLATFORM = Setting.withoutDefault("spring.sql.init.platform");
    /** The older name of {@link #PLATFORM}, still in many Nacos configurations. */
    public static final Setting OLD_PLATFORM = Setting.withoutDefault("spring.datasource.platform");
    public static final Setting URL = Setting.withoutDefault("db.url.0");
    public static final Setting USER = Setting.withoutDefault("db.user.0");
    /** The older name of {@link #USER}. */
    public static final Setting OLD_USER = Setting.withoutDefault("db.user");
    public static final Setting PASSWORD = Setting.withoutDefault("db.password.0");
    /** The older name of {@link #PASSWORD}. */
    public static final Setting OLD_PASSWORD = Setting.withoutDefault("db.password");
    public static final Setting JNDI_NAME = Setting.withoutDefault("jacos.db.jndi-name");
    public static final Setting JPA_PROVIDER = Setting.withoutDefault("jacos.db.jpa-provider");

    static final List<Setting> SETTINGS = List.of(PLATFORM, OLD_PLATFORM, URL, USER, OLD_USER, PASSWORD,
            OLD_PASSWORD, JNDI_NAME, JPA_PROVIDER);

    private StorageSettingNames() {
    }
}
