package io.jacos.it.support;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;

import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * A configuration listener in a JVM of its own, so a test can freeze it: reads one configuration and listens to it,
 * prints {@value #LISTENING} {@code <content>}, then one line {@value #HEARD} {@code <content>} per listener call
 * (content on one line, {@code null} when removed). Arguments: {@code serverAddr dataId group}.
 */
public final class ListeningConfigClientMain {

    public static final String LISTENING = "LISTENING";
    public static final String HEARD = "HEARD ";

    private ListeningConfigClientMain() {
    }

    public static void main(String[] args) throws Exception {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, args[0]);
        ConfigService config = ConfigFactory.createConfigService(properties);
        String content = config.getConfigAndSignListener(args[1], args[2], 5000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                System.out.println(HEARD + configInfo);
                System.out.flush();
            }
        });
        System.out.println(HEARD + content);
        System.out.println(LISTENING);
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
