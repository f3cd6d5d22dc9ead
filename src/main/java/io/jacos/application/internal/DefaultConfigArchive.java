package io.jacos.application.internal;

import io.jacos.application.ConfigArchive;
import io.jacos.application.ConfigCatalog;
import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigSearch;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigWrite;
import io.jacos.application.NamespaceService;
import io.jacos.application.archive.ArchiveLimits;
import io.jacos.application.archive.ArchivedConfig;
import io.jacos.application.archive.ConfigArchiveFormat;
import io.jacos.application.validation.ConfigContent;
import io.jacos.application.validation.InputValidator;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;
import io.jacos.settings.ConfigArchiveSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Export reads the namespace page by page from the catalog; import unpacks the archive within the configured
 * bounds, validates every configuration before it writes any, then publishes each through {@link ConfigService}
 * with the policy's rules ({@link ImportRun}). A configuration's content is at most {@link ConfigContent#MAX_CHARS}
 * characters, so one entry may unpack to at most three bytes for each (UTF-8 of any UTF-16 unit).
 */
@ApplicationScoped
public class DefaultConfigArchive implements ConfigArchive {

    static final int PAGE = 500;

    private final ConfigService configs;
    private final ConfigCatalog catalog;
    private final NamespaceService namespaces;
    private final InputValidator validator;
    private final ConfigArchiveSettings settings;
    private final Clock clock;

    /** For the container's proxy. */
    protected DefaultConfigArchive() {
        this(null, null, null, null, null, null);
    }

    @Inject
    public DefaultConfigArchive(ConfigService configs, ConfigCatalog catalog, NamespaceService namespaces,
                                InputValidator validator, ConfigArchiveSettings settings, Clock clock) {
        this.configs = configs;
        this.catalog = catalog;
        this.namespaces = namespaces;
        this.validator = validator;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public byte[] export(Export export) {
        boolean blur = export.dataId() != null && export.dataId().contains("*");
        validator.check(new ConfigSearch(export.tenant(), export.dataId(), export.group(), export.appName(), null,
                blur));
        ConfigCatalog.Search search = new ConfigCatalog.Search(ConfigKey.namespaceOf(export.tenant()),
                trimmed(export.dataId()), trimmed(export.group()), trimmed(export.appName()), null, blur);
        Set<Long> ids = new HashSet<>(export.ids());
        List<ArchivedConfig> chosen = new ArrayList<>();
        long bytes = 0;
        for (int page = 1; ; page++) {
            ConfigCatalog.Page<ConfigCatalog.Detail> found = catalog.search(search, page, PAGE);
            for (ConfigCatalog.Detail detail : found.items()) {
                if (!ids.isEmpty() && !ids.contains(detail.id())) {
                    continue;
                }
                ConfigEntry e = detail.entry();
                chosen.add(new ArchivedConfig(e.key().group(), e.key().dataId(), e.content(), e.type(),
                        e.description(), e.appName()));
                bytes += e.content().getBytes(StandardCharsets.UTF_8).length;
                if (chosen.size() >= settings.maxEntries() || bytes > settings.maxUnpackedBytes()) {
                    throw RegistryException.invalid("The export would be larger than an import takes back ("
                            + ConfigArchiveSettings.MAX_ENTRIES.name() + ", "
                            + ConfigArchiveSettings.MAX_UNPACKED_BYTES.name() + "): choose a group or data ids.");
                }
            }
            if (found.items().size() < PAGE || (long) page * PAGE >= found.total()) {
                break;
            }
        }
        return ConfigArchiveFormat.write(chosen, export.format(), clock.millis());
    }

    @Override
    public Imported importArchive(String tenant, byte[] zip, Policy policy, ConfigWrite.Source source) {
        validator.check(new ConfigSearch(tenant, null, null, null, null, false));
        namespaces.requireExists(ConfigKey.namespaceOf(tenant));
        if (zip.length > settings.maxUploadBytes()) {
            throw RegistryException.archive(RegistryException.Reason.ARCHIVE_UNREADABLE, "The archive is larger than "
                    + settings.maxUploadBytes() + " bytes (" + ConfigArchiveSettings.MAX_UPLOAD_BYTES.name() + ").");
        }
        ConfigArchiveFormat.Unpacked unpacked = ConfigArchiveFormat.read(zip, ArchiveLimits.of(settings.maxEntries(),
                3L * ConfigContent.MAX_CHARS, settings.maxUnpackedBytes()));
        if (unpacked.configs().isEmpty()) {
            throw RegistryException.archive(RegistryException.Reason.ARCHIVE_EMPTY,
                    "The archive holds no configuration.");
        }
        return publishAll(tenant, unpacked.configs(), unpacked.unrecognized(), policy, source);
    }

    @Override
    public Imported cloneInto(String tenant, List<Clone> clones, Predicate<String> readable, Policy policy,
                              ConfigWrite.Source source) {
        validator.check(new ConfigSearch(tenant, null, null, null, null, false));
        namespaces.requireExists(ConfigKey.namespaceOf(tenant));
        // The first naming of an id wins, as the console's list holds each configuration once.
        Map<Long, Clone> byId = new LinkedHashMap<>();
        clones.forEach(clone -> byId.putIfAbsent(clone.id(), clone));
        List<ArchivedConfig> copies = new ArrayList<>();
        for (ConfigCatalog.Detail detail : DefaultConfigBatch.find(catalog, new ArrayList<>(byId.keySet()))) {
            ConfigEntry e = detail.entry();
            if (!readable.test(e.key().namespace())) {
                continue;
            }
            Clone clone = byId.get(detail.id());
            ArchivedConfig copy = new ArchivedConfig(chosen(clone.group(), e.key().group()),
                    chosen(clone.dataId(), e.key().dataId()), e.content(), e.type(), e.description(), e.appName());
            // The names are the caller's input, not an archive's: an illegal one refuses the whole request.
            validator.check(new ConfigPublish(new ConfigRef(tenant, copy.group(), copy.dataId()), copy.content(),
                    copy.type(), null, copy.appName(), copy.description(), null, null));
            copies.add(copy);
        }
        if (copies.isEmpty()) {
            throw RegistryException.archive(RegistryException.Reason.ARCHIVE_EMPTY,
                    "None of the configurations to clone is stored.");
        }
        return publishAll(tenant, copies, List.of(), policy, source);
    }

    /** Validates every configuration, then writes them with the policy's rules ({@link ImportRun}). */
    private Imported publishAll(String tenant, List<ArchivedConfig> archived, List<String> unrecognized,
                                Policy policy, ConfigWrite.Source source) {
        ImportRun run = new ImportRun(configs, source, unrecognized);
        for (ArchivedConfig config : archived) {
            ConfigPublish publish = new ConfigPublish(new ConfigRef(tenant, config.group(), config.dataId()),
                    config.content(), config.type(), null, config.appName(), config.description(), null, null);
            try {
                run.accepted(validator.check(publish));
            } catch (RegistryException refused) {
                run.refused(ConfigKey.of(tenant, config.group(), config.dataId()), refused.getMessage());
            }
        }
        return switch (policy) {
            case ABORT -> run.allOrNothing();
            case SKIP -> run.each(true);
            case OVERWRITE -> run.each(false);
        };
    }

    private static String chosen(String asked, String own) {
        return asked == null || asked.isBlank() ? own : asked.trim();
    }

    private static String trimmed(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }
}
