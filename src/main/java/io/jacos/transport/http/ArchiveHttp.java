package io.jacos.transport.http;

import io.jacos.application.ConfigArchive;
import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.param.RequestParams;
import jakarta.ws.rs.core.Response;

import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the v1 configuration API and the admin API share about configuration archives: the parameters (ids, the
 * import policy), the zip as a download, and an import's counts in Nacos's shape: {@code succCount},
 * {@code skipCount}, {@code skipData} and {@code failData} (each {@code dataId} and {@code group}, failures with
 * their {@code reason} too) only when not empty, and {@code unrecognizedCount} with {@code unrecognizedData}
 * ({@code itemName}) when some entries named no configuration.
 */
public final class ArchiveHttp {

    public static final String ZIP = "application/zip";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss", Locale.ROOT);
    private static final int MAX_IDS = 10_000;

    private ArchiveHttp() {
    }

    /** The zip as an attachment named {@code prefix} and the clock's date and time. */
    public static Response download(byte[] zip, String prefix, Clock clock) {
        String name = prefix + LocalDateTime.now(clock).format(STAMP) + ".zip";
        return Response.ok(zip, ZIP).header("Content-Disposition", "attachment;filename=" + name).build();
    }

    /** The comma-separated {@code ids}; empty when absent. */
    public static List<Long> ids(RequestParams params) {
        String text = params.text("ids");
        List<Long> ids = new ArrayList<>();
        if (text == null) {
            return ids;
        }
        for (String id : text.split(",")) {
            if (id.isBlank()) {
                continue;
            }
            try {
                ids.add(Long.parseLong(id.trim()));
            } catch (NumberFormatException e) {
                throw RequestParams.illegal("ids", text, "comma-separated whole numbers");
            }
            if (ids.size() > MAX_IDS) {
                throw RegistryException.illegal("ids", "Param 'ids' is illegal: more than " + MAX_IDS + " ids.");
            }
        }
        return ids;
    }

    /** {@code policy}: ABORT, SKIP or OVERWRITE in any case; ABORT when absent, as in Nacos. */
    public static ConfigArchive.Policy policy(RequestParams params) {
        String text = params.text("policy");
        if (text == null) {
            return ConfigArchive.Policy.ABORT;
        }
        try {
            return ConfigArchive.Policy.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw RequestParams.illegal("policy", text, "ABORT, SKIP or OVERWRITE");
        }
    }

    public static Map<String, Object> counts(ConfigArchive.Imported imported) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("succCount", imported.succeeded());
        data.put("skipCount", imported.skipped().size());
        if (!imported.skipped().isEmpty()) {
            data.put("skipData", imported.skipped().stream().map(ArchiveHttp::named).toList());
        }
        if (!imported.failed().isEmpty()) {
            data.put("failData", imported.failed().stream().map(f -> {
                Map<String, String> item = named(f.key());
                item.put("reason", f.reason());
                return item;
            }).toList());
        }
        if (!imported.unrecognized().isEmpty()) {
            data.put("unrecognizedCount", imported.unrecognized().size());
            data.put("unrecognizedData", imported.unrecognized().stream().map(n -> Map.of("itemName", n)).toList());
        }
        return data;
    }

    private static Map<String, String> named(ConfigKey key) {
        Map<String, String> item = new LinkedHashMap<>();
        item.put("dataId", key.dataId());
        item.put("group", key.group());
        return item;
    }
}
