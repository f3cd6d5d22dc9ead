package io.jacos.transport.http.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.application.ConfigArchive;
import io.jacos.application.ConfigBatch;
import io.jacos.application.ConfigWrite;
import io.jacos.auth.Action;
import io.jacos.auth.Need;
import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.ArchiveHttp;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.AccessDenied;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.param.RequestParams;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * The console's work on configurations picked by row id, for v1 and v3 alike: removal ({@code ids}) and clone (a
 * JSON list naming each source's id and, optionally, the group and data id of its copy). Row ids cross namespaces,
 * so beyond the namespace the access check saw, the caller must be granted WRITE in every namespace a removal
 * reaches (refused whole, before anything is removed) and READ in every namespace a clone copies from (a source
 * it may not read counts as not stored).
 */
@ApplicationScoped
public class ConfigBatchHttp {

    /** How v1 and v3 name a clone item's fields: the source's id, the copy's group and data id. */
    record CloneFields(String id, String group, String dataId) {
        static final CloneFields V1 = new CloneFields("cfgId", "group", "dataId");
        static final CloneFields V3 = new CloneFields("configId", "targetGroupName", "targetDataId");
    }

    private ConfigBatch batch;
    private ConfigArchive archive;
    private HttpJson json;
    private Caller caller;

    /** For the container's proxy. */
    protected ConfigBatchHttp() {
    }

    @Inject
    public ConfigBatchHttp(ConfigBatch batch, ConfigArchive archive, HttpJson json, Caller caller) {
        this.batch = batch;
        this.archive = archive;
        this.json = json;
        this.caller = caller;
    }

    /** Removes the configurations of {@code ids} (required); ids of none are passed over, as Nacos does. */
    void removeByIds(RequestParams params, ConfigWrite.Source source) {
        params.required("ids");
        List<ConfigKey> keys = batch.keysOf(ArchiveHttp.ids(params));
        for (ConfigKey key : keys) {
            if (!caller.identity().may(key.namespace(), Action.WRITE)) {
                throw AccessDenied.forbidden(Need.WRITE, key.namespace());
            }
        }
        batch.removeAll(keys, source);
    }

    /** The clone list of the JSON body; empty when the body names none (nulls in the list are passed over). */
    List<ConfigArchive.Clone> clones(String body, CloneFields fields) {
        JsonNode list;
        try {
            list = body == null || body.isBlank() ? null : json.mapper().readTree(body);
        } catch (JsonProcessingException e) {
            throw RegistryException.illegal("body", "The request body is not JSON.");
        }
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw RegistryException.illegal("body", "The request body must be a JSON list of configurations.");
        }
        if (list.size() > ConfigBatch.MAX_IDS) {
            throw RegistryException.illegal("body", "Param 'body' is illegal: more than " + ConfigBatch.MAX_IDS
                    + " configurations.");
        }
        List<ConfigArchive.Clone> clones = new ArrayList<>();
        for (JsonNode item : list) {
            if (item.isNull()) {
                continue;
            }
            clones.add(new ConfigArchive.Clone(id(item, fields.id()), text(item, fields.group()),
                    text(item, fields.dataId())));
        }
        return clones;
    }

    /** Clones into the namespace {@code tenant} names; sources the caller may not read are left out. */
    ConfigArchive.Imported cloneInto(String tenant, List<ConfigArchive.Clone> clones, RequestParams params,
                                     ConfigWrite.Source source) {
        return archive.cloneInto(tenant, clones, ns -> caller.identity().may(ns, Action.READ),
                ArchiveHttp.policy(params), source);
    }

    /** The item's id: a whole number, or a text of one, as Nacos's binding takes either. */
    private static long id(JsonNode item, String field) {
        JsonNode id = item.isObject() ? item.get(field) : null;
        if (id != null && id.isIntegralNumber() && id.canConvertToLong()) {
            return id.asLong();
        }
        if (id != null && id.isTextual() && id.asText().trim().matches("-?\\d{1,18}")) {
            return Long.parseLong(id.asText().trim());
        }
        throw RegistryException.illegal(field, "Param '" + field + "' is illegal: each item needs the"
                + " configuration's id as a whole number.");
    }

    private static String text(JsonNode item, String field) {
        JsonNode value = item.get(field);
        if (value != null && !value.isNull() && !value.isTextual()) {
            throw RegistryException.illegal(field, "Param '" + field + "' is illegal: not a text.");
        }
        return value == null || value.isNull() ? null : value.asText();
    }
}
