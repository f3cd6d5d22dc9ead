package io.jacos.infrastructure;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads the port of {@code http-listener-1} from a Payara Server (or GlassFish) domain.xml: the listener of
 * the configuration that the running instance refers to. Read-only; a missing or unreadable file gives none.
 */
final class PayaraDomainXml {

    private static final Logger LOG = Logger.getLogger(PayaraDomainXml.class.getName());
    private static final String LISTENER = "http-listener-1";

    private PayaraDomainXml() {
    }

    static Optional<Integer> httpListenerPort(Path domainXml, String instanceName,
                                              Function<String, Optional<Integer>> resolve) {
        if (!Files.isReadable(domainXml)) {
            return Optional.empty();
        }
        Map<String, String> configOfServer = new HashMap<>();
        Map<String, String> portOfConfig = new HashMap<>();
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        try (InputStream in = Files.newInputStream(domainXml)) {
            XMLStreamReader xml = factory.createXMLStreamReader(in);
            String config = null;
            while (xml.hasNext()) {
                if (xml.next() != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                switch (xml.getLocalName()) {
                    case "server" -> configOfServer.put(attribute(xml, "name"), attribute(xml, "config-ref"));
                    case "config" -> config = attribute(xml, "name");
                    case "network-listener" -> {
                        if (config != null && LISTENER.equals(attribute(xml, "name"))) {
                            portOfConfig.put(config, attribute(xml, "port"));
                        }
                    }
                    default -> { }
                }
            }
        } catch (IOException | XMLStreamException e) {
            LOG.log(Level.WARNING, "Cannot read the HTTP port from " + domainXml, e);
            return Optional.empty();
        }
        String config = configOfServer.getOrDefault(instanceName, "server-config");
        return Optional.ofNullable(portOfConfig.get(config)).flatMap(resolve);
    }

    private static String attribute(XMLStreamReader xml, String name) {
        return xml.getAttributeValue(null, name);
    }
}
