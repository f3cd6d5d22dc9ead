package io.jacos.application;

import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;

import java.util.List;
import java.util.Optional;

/**
 * The configuration use cases every transport shares. Input is validated here, once, so gRPC and HTTP refuse
 * bad input alike (code 400 and a message naming the parameter); a write changes the database first, then the
 * index listeners are compared against, then tells the listeners.
 */
public interface ConfigService {

    Optional<ConfigEntry> get(ConfigRef ref);

    /** Outcome CAS_MISMATCH when a compare-and-set publish found another md5; nothing changed then. */
    ConfigStore.Published publish(ConfigPublish publish, ConfigWrite.Source source);

    /** True when there was a configuration to remove; removing one that is gone succeeds, as in Nacos. */
    boolean remove(ConfigRef ref, ConfigWrite.Source source);

    /** The md5 listeners are compared against: the last committed content's, {@link ConfigEntry#NO_MD5} for none. */
    String md5(ConfigKey key);

    /** The md5 a client seen as {@code view} compares with: its gray version's when one matches, else the formal. */
    String md5(ConfigKey key, ConfigView view);

    /** The validated key of {@code ref}, for a transport that indexes listeners by it. */
    ConfigKey keyOf(ConfigRef ref);

    /** A configuration a client listens to, named as the client names it, with the md5 of the content it holds. */
    record Listened(ConfigRef ref, String md5) {
    }

    /**
     * Makes the connection listen to each configuration and returns those whose md5 differs from the one the
     * client holds, in the order given. Every one is validated before any is taken; over the listeners' bound none
     * is taken (code 503). The listener is taken before the md5s are compared, so a change committed in between is
     * either answered here or notified. A client is compared with the version its view is served (a gray version
     * whose rule matches {@code view}, else the formal one).
     */
    List<Listened> listen(String connection, ConfigView view, List<Listened> listened);

    /** The connections on this node that listen to {@code ref}'s configuration. */
    List<String> listeningConnections(ConfigRef ref);

    /** What the connection listens to on this node, named as the client names it, with the md5 as far as known. */
    List<Listened> listenedBy(String connection);

    /** Stops the connection's listening to each configuration. */
    void unlisten(String connection, List<ConfigRef> refs);

    /** Takes every stored configuration's md5 into the index listeners are compared against; once, at start. */
    void loadIndex();

    /**
     * Reads every stored configuration's md5 again and takes it even where the revision is the one held, so a row
     * edited in the database directly reaches listeners; returns how many configurations' md5 changed.
     */
    int reloadFromStore();

    /**
     * Takes the changes committed since the last look (by other nodes of a shared database, or here) into the
     * index, telling the listeners of each; run periodically.
     */
    void catchUp();
}
