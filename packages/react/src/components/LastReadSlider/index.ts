export { LastReadSlider, type LastReadSliderProps } from './LastReadSlider'
