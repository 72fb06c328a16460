package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.reason.Names;
import io.streamrag.agronomy.table.Row;
import java.util.List;

/**
 * An irrigation method and its field application efficiency (irrigation-methods.csv): the share of
 * applied water stored in the root zone.
 */
record IrrigationMethod(Names names, double efficiency, List<String> aliases) {

  static final String FILE = "irrigation-methods.csv";
  static final List<String> COLUMNS = List.of("method", "efficiency", "name_fa", "name_ar");

  static IrrigationMethod read(Row row) {
    return new IrrigationMethod(
        Names.of(row, "method"), row.number("efficiency", 0.3, 1), row.list("aliases"));
  }

  List<String> keys() {
    return names.keysWith(aliases);
  }
}
