// Only the parts of ECharts the report charts use, so the chunk loaded on report and dashboard pages stays small.
// Named imports, not `import * as echarts`: exporting the namespace kept every export of
// echarts/core (zrender, graphic, util, matrix, …) in the chunk, used or not.
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([BarChart, FunnelChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
