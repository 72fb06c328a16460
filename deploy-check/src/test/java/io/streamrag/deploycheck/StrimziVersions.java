package io.streamrag.deploycheck;

import io.strimzi.api.annotations.ApiVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.asm.AnnotationVisitor;
import org.springframework.asm.ClassReader;
import org.springframework.asm.ClassVisitor;
import org.springframework.asm.MethodVisitor;
import org.springframework.asm.SpringAsmInfo;

/**
 * Strimzi's own rules for its {@code v1} API, read from its model: a property annotated
 * {@code @PresentInVersions} without v1 (e.g. {@code KafkaUser}'s {@code acls[].operation}, {@code
 * Kafka}'s {@code zookeeper}) is not in v1, and one annotated {@code @RequiredInVersions} with v1
 * must be given. The annotations are Strimzi's CRD generator's, read from the class files with
 * Spring's copy of ASM, since the generator (a shaded jar of other fabric8 and Jackson versions),
 * and so the annotations' classes, are not on the test classpath.
 */
final class StrimziVersions {

  /** The API version every Strimzi object must use: Strimzi 1.0 and later serve only it. */
  static final ApiVersion V1 = ApiVersion.V1;

  private static final String PRESENT = "Lio/strimzi/crdgenerator/annotations/PresentInVersions;";
  private static final String REQUIRED = "Lio/strimzi/crdgenerator/annotations/RequiredInVersions;";
  private static final Map<Class<?>, Map<String, Rule>> RULES = new ConcurrentHashMap<>();

  /**
   * What v1 says of one getter's property.
   *
   * @param absent the property is not in v1
   * @param required v1 requires it
   */
  record Rule(boolean absent, boolean required) {}

  private StrimziVersions() {}

  /** The rules of a model class's getters, by getter name, its superclasses' included. */
  static Map<String, Rule> rules(Class<?> type) {
    return RULES.computeIfAbsent(type, StrimziVersions::read);
  }

  private static Map<String, Rule> read(Class<?> type) {
    var rules = new HashMap<String, Rule>();
    for (Class<?> c = type;
        c != null && c.getName().startsWith("io.strimzi");
        c = c.getSuperclass()) {
      String file = "/" + c.getName().replace('.', '/') + ".class";
      try (var in = c.getResourceAsStream(file)) {
        if (in == null) {
          throw new IllegalStateException("no class file for " + c.getName());
        }
        new ClassReader(in).accept(new Getters(rules), ClassReader.SKIP_CODE);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the class file of " + c.getName(), e);
      }
    }
    return rules;
  }

  /** Reads the two annotations' values off every method, whether their classes load or not. */
  private static final class Getters extends ClassVisitor {

    private final Map<String, Rule> rules;

    Getters(Map<String, Rule> rules) {
      super(SpringAsmInfo.ASM_VERSION);
      this.rules = rules;
    }

    @Override
    public MethodVisitor visitMethod(
        int access, String name, String descriptor, String signature, String[] exceptions) {
      return new MethodVisitor(SpringAsmInfo.ASM_VERSION) {
        @Override
        public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
          boolean present = annotation.equals(PRESENT);
          boolean required = annotation.equals(REQUIRED);
          if (!present && !required) {
            return null;
          }
          return new AnnotationVisitor(SpringAsmInfo.ASM_VERSION) {
            @Override
            public void visit(String attribute, Object value) {
              boolean inV1 = ApiVersion.parseRange(String.valueOf(value)).contains(V1);
              var before = rules.getOrDefault(name, new Rule(false, false));
              rules.put(
                  name,
                  present ? new Rule(!inV1, before.required()) : new Rule(before.absent(), inV1));
            }
          };
        }
      };
    }
  }
}
