package io.jacos.persistence;

import javax.sql.DataSource;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Collections;
import java.util.List;
import java.util.logging.Logger;

/**
 * The H2 the WAR bundles, even where the server's own H2 comes first. Payara (Server and Micro) ships an older
 * H2 for its default datasource and loads a WAR's classes parent-first, so {@code org.h2.Driver} would be
 * Payara's, and the database file would be written in whatever format that H2 has. When the class the WAR sees
 * is not from its own {@code WEB-INF/lib}, the bundled jar is opened in a class loader of its own (H2 needs
 * nothing but the JDK). WildFly hides its H2 module from deployments, so there the ordinary class is ours.
 */
final class BundledH2 implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(BundledH2.class.getName());
    private static final String DRIVER = "org/h2/Driver.class";

    private final ClassLoader loader;
    private final URLClassLoader isolated;

    private BundledH2(ClassLoader loader, URLClassLoader isolated) {
        this.loader = loader;
        this.isolated = isolated;
    }

    static BundledH2 load() {
        ClassLoader app = BundledH2.class.getClassLoader();
        try {
            List<URL> copies = Collections.list(app.getResources(DRIVER));
            URL visible = Class.forName("org.h2.Driver", false, app).getResource("Driver.class");
            URL bundled = copies.stream().filter(url -> url.toExternalForm().contains("/WEB-INF/lib/"))
                    .findFirst().orElse(visible);
            if (bundled == null || bundled.equals(visible) || !bundled.getProtocol().equals("jar")) {
                return new BundledH2(app, null);
            }
            String jar = bundled.toExternalForm();
            URL jarFile = new URL(jar.substring("jar:".length(), jar.indexOf("!/")));
            LOG.info(() -> "Using the bundled H2 " + jarFile + " instead of the server's " + visible);
            URLClassLoader isolated = new URLClassLoader("jacos-h2", new URL[]{jarFile},
                    ClassLoader.getPlatformClassLoader());
            return new BundledH2(isolated, isolated);
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("cannot find the bundled H2 driver", e);
        }
    }

    /** A plain H2 datasource for that URL, of the bundled H2. */
    DataSource dataSource(String url, String user, String password) {
        try {
            Class<?> type = loader.loadClass("org.h2.jdbcx.JdbcDataSource");
            Object dataSource = type.getConstructor().newInstance();
            type.getMethod("setURL", String.class).invoke(dataSource, url);
            type.getMethod("setUser", String.class).invoke(dataSource, user);
            type.getMethod("setPassword", String.class).invoke(dataSource, password);
            return (DataSource) dataSource;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make an H2 datasource", e);
        }
    }

    /**
     * Takes H2's driver out of DriverManager (it registers itself when loaded) through H2's own
     * {@code Driver.unload()}: DriverManager lets only code that sees the driver class remove it.
     */
    @Override
    public void close() {
        try {
            loader.loadClass("org.h2.Driver").getMethod("unload").invoke(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // only a class loader reference stays behind
        }
        if (isolated != null) {
            try {
                isolated.close();
            } catch (IOException e) {
                // the jar stays open until the loader is collected
            }
        }
    }
}
