import { InputNumber, type InputNumberProps } from 'antd';

/** antd's number box, in its own module so that number fields load it when a form or filter draws one (number.tsx). */
export default function NumberBox(props: InputNumberProps<string | number>) {
  return <InputNumber<string | number> {...props} />;
}
